"""Rock, Paper, Scissors (`rps`): every round each player PMs a target and a weapon; the matchup decides the dice."""
