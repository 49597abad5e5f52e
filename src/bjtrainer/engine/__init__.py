"""The table: rules, cards, hands, the shoe and the round. No I/O, no UI."""
