"""Great Western Trail: Argentina (2-4 players)."""
