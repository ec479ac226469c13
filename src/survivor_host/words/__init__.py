"""The words and HTML the room and PMs read, from the engine's facts alone: room lines, the
information texts, refusals, wait tags and the HTML boxes."""
