"""Russian Roulette (`rr`): a six-chamber revolver goes round in random order; pull, pass once, or steal."""
