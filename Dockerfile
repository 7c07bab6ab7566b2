# graph-memory service image: REST under /v1 and MCP at /mcp on port 8080, configured only by
# GRAPH_MEMORY_* environment variables (see graph_memory/config.py and .env.example).
# Build stage: everything installed into /opt/venv; the runtime stage copies the venv only.
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
# torch first, from the CPU wheel index: PyPI's default build pulls in several GB of CUDA.
RUN pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
WORKDIR /src
COPY pyproject.toml README.md ./
COPY graph_memory ./graph_memory
COPY ontology ./ontology
COPY cypher ./cypher
RUN pip install .

FROM python:3.11-slim
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    GRAPH_MEMORY_DATA_DIR=/data \
    GRAPH_MEMORY_BACKEND=neo4j
COPY --from=build /opt/venv /opt/venv
RUN groupadd --system --gid 10001 graphmemory \
    && useradd --system --uid 10001 --gid graphmemory --home-dir /home/graphmemory \
       --create-home --shell /usr/sbin/nologin graphmemory \
    && mkdir -p /data && chown graphmemory:graphmemory /data
USER graphmemory:graphmemory
WORKDIR /home/graphmemory
VOLUME ["/data"]
EXPOSE 8080
# /readyz answers 200 once the graph backend answers (no API key needed).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=5 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8080/readyz', timeout=4)"]
# Binding 0.0.0.0 inside the container needs GRAPH_MEMORY_API_KEYS (the service refuses otherwise).
CMD ["graph-memory", "serve", "--host", "0.0.0.0", "--port", "8080"]
