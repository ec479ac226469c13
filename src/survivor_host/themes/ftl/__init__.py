"""Follow the Leader with its mods Tug of War and No Mercy."""

from survivor_host.themes.ftl.game import FollowTheLeader
from survivor_host.themes.ftl.view import FtlView

__all__ = ["FollowTheLeader", "FtlView"]
