"""The core: sessions, the pure rules of a session's life, timers, the scheduler, CPU work."""
