"""Memory: the machine's GPUs and RAM, what fits, and whom to swap out."""
