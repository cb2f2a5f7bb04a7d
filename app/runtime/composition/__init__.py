"""The composition root: builds the parts, hands out Services."""
