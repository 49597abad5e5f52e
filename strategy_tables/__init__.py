"""The committed basic-strategy charts, one per preset: ``<preset>.csv``, ``.md`` and ``.json``.

Installed as the package ``bjtrainer.strategy_tables`` (setup.py), read with
:mod:`importlib.resources` by :mod:`bjtrainer.strategy.tables`. Regenerate
with ``python -m bjtrainer.strategy.generate``.
"""
