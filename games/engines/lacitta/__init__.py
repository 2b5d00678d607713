"""La Città rules engine (docstring with the full move and view reference: see below, being written)."""
