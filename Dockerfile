# corrchess: multi-stage build on Debian bookworm.
#   docker build -t corrchess .
# The build stage uses the same scripts/install-deps and CMake invocation as CI.

FROM debian:bookworm AS web
# The web client: npm packages from the lockfile, then the build into web/dist.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run typecheck && npm run build

FROM debian:bookworm AS build
WORKDIR /src
COPY scripts/install-deps scripts/install-deps
RUN scripts/install-deps --build && rm -rf /var/lib/apt/lists/*
# Only what the compiler reads, so that a change to the documents, the tests or the web
# client does not compile the server again (the layer cache keeps the build). A new source
# folder of the top-level CMakeLists.txt needs its line here.
COPY CMakeLists.txt ./
COPY bench/CMakeLists.txt bench/*.cpp bench/*.h bench/
COPY core core
COPY model model
COPY db db
COPY delivery delivery
COPY app app
COPY api api
COPY server server
RUN cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCORRCHESS_BUILD_TESTS=OFF \
 && cmake --build build -j"$(nproc)" --target corrchess-server corrchess
# The debug sections are most of the binaries' size (about 200 MB); the symbols stay, so a
# backtrace still names functions.
RUN strip --strip-debug build/bin/corrchess-server build/bin/corrchess

FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libboost-system1.74.0 libpqxx-6.4 libpq5 libsodium23 libcurl4 libspdlog1.10 libfmt9 libfathom1 libpugixml1v5 libjemalloc2 libdate-tz3 tzdata \
      ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home /var/lib/corrchess --create-home corrchess
COPY --from=build /src/build/bin/corrchess-server /src/build/bin/corrchess /usr/local/bin/
COPY migrations /usr/share/corrchess/migrations
COPY docs /usr/share/corrchess/docs
COPY --from=web /src/web/dist /usr/share/corrchess/web
ENV CORRCHESS_LISTEN=0.0.0.0:8080 \
    CORRCHESS_MIGRATIONS_DIR=/usr/share/corrchess/migrations \
    CORRCHESS_DOCS_DIR=/usr/share/corrchess/docs \
    CORRCHESS_WEB_DIR=/usr/share/corrchess/web \
    CORRCHESS_LOG_LEVEL=info
USER corrchess
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD curl -fsS http://127.0.0.1:8080/readyz || exit 1
ENTRYPOINT ["/usr/local/bin/corrchess-server"]
CMD ["serve"]
