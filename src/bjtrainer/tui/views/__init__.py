"""Plain pictures the widgets draw ("attributes down"): no Textual here.

A picture is a frozen value (a dataclass, a string) or a Rich renderable
(:class:`rich.text.Text`, :class:`rich.table.Table`): Rich draws text and is
not Textual, so the review and stats pictures, which are tables and
coloured lines, are built as Rich renderables here and a widget only shows
them.
"""
