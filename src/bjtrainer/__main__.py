"""``python -m bjtrainer`` is the ``bjtrainer`` command."""

from bjtrainer.cli import main

raise SystemExit(main())
