"""vLLM Tray: run vLLM models on your own AMD GPU from the desktop tray."""

__version__ = "0.1.0"
