# Estancia bot image: slim Python, non-root user, SQLite database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    ESTANCIA_DB=/data/estancia.sqlite3

RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --create-home --uid 10001 estancia \
 && mkdir -p /data && chown estancia:estancia /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderer ./renderer
COPY bot ./bot
COPY cogs ./cogs
RUN pip install '.[postgres]'

USER estancia
VOLUME ["/data"]
# DISCORD_TOKEN (and the other settings of .env.example) come from the environment:
#   docker run --env-file .env -v estancia-data:/data estancia
CMD ["estancia", "run"]
