"""The Textual app. Nothing in the core imports this package.

Use :func:`bjtrainer.tui.app.make_app` to build the app.
"""
