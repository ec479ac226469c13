"""Hand-hosted sessions: fair dice and a player list for any theme a person hosts by hand
(docs/FAIRNESS.md "Hosting sessions"). The tools carry the generic names hosts know from the room
bot (roll, pick, shuffle, timer, card), whatever theme is played."""
