"""`python -m survivor_host`: the same commands as `survivor-host`."""

from survivor_host.cli import main

raise SystemExit(main())
