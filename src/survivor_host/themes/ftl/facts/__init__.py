"""What happens in Follow the Leader, as typed facts, by what they describe; `text.py` words them for the room."""
