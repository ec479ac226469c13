"""survivor-host: hosts Pokémon Showdown Survivor games."""

from survivor_host._native import activate as _activate

_activate(__name__)  # before any submodule: compiled engine modules run only while they match their sources
