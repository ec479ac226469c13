"""survivor-host: hosts Pokémon Showdown Survivor games."""
