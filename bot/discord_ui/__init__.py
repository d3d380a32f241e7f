"""The Discord front end: the client, panels, the outbox delivery, texts and votes."""
