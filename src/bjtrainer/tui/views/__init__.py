"""Plain pictures the widgets draw ("attributes down"): no Textual here."""
