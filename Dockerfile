# judge as a container: the corpus, the grammar and a search index built at image build time, served
# by gunicorn. The image is read-only at run time (the index is never rebuilt by a request).
#
#   docker build -t judge .
#   docker run --rm -p 8000:8000 judge           # http://127.0.0.1:8000/
#
# Several copies behind a reverse proxy: docs/deploy.md.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    JUDGE_INDEX_DIR=/srv/judge/index

WORKDIR /src
COPY pyproject.toml README.md wsgi.py ./
COPY judge ./judge
COPY rules ./rules
COPY rulings ./rulings
COPY grammar ./grammar
RUN pip install . \
    && judge index \
    && mkdir -p /srv/judge && cp wsgi.py /srv/judge/ \
    && rm -rf /src

# The index is baked in: a container that finds it missing or stale fails at start-up instead of
# writing into its image (JUDGE_INDEX_BUILD=false).
ENV JUDGE_INDEX_BUILD=false
WORKDIR /srv/judge
USER nobody
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"
# 2 sync workers per core by default (JUDGE_WORKERS=… or --workers to change).
CMD ["judge", "serve", "--host", "0.0.0.0", "--port", "8000"]
