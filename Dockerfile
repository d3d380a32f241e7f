# Estancia bot image: slim Python, non-root user, SQLite database on a volume.
#   docker build -t estancia .
#   docker run -d --restart unless-stopped --name estancia \
#     --env-file .env -v estancia-data:/data estancia
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    ESTANCIA_DB=/data/estancia.sqlite3

# (No system package: the fonts the boards are drawn with come with Estancia itself.)
RUN useradd --create-home --uid 10001 estancia \
 && mkdir -p /data && chown estancia:estancia /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderer ./renderer
COPY bot ./bot
COPY cogs ./cogs
# What running needs only (PostgreSQL's driver included): no test or lint tools.
RUN pip install '.[postgres]' \
 # The relative ESTANCIA_DB of .env.example (data/estancia.sqlite3) is the volume too.
 && ln -s /data /app/data

USER estancia
VOLUME ["/data"]
# Healthy while the bot is connected to Discord (it touches a file next to the database).
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 \
  CMD ["estancia", "health"]
# DISCORD_TOKEN (and the other settings of .env.example) come from the environment.
CMD ["estancia", "run"]
