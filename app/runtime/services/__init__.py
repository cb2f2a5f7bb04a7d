"""Engine-side use cases: each thing a user can do, once, for the GUI, the CLI and the endpoint."""
