"""The package layout, which pyproject.toml cannot state alone.

Every package under src/ (found as pyproject's packages.find would), and
the top-level strategy_tables/ folder, which stays where it is in the
repository, installed as the package ``bjtrainer.strategy_tables`` so the
committed charts are package data wherever bjtrainer is installed (a wheel,
pipx, an editable install). Everything else is in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[*find_namespace_packages("src"), "bjtrainer.strategy_tables"],
    package_dir={"": "src", "bjtrainer.strategy_tables": "strategy_tables"},
)
