"""`python -m app` does what the `vllm-tray` command does."""

from app.launcher import main

raise SystemExit(main())
