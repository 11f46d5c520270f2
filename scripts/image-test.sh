#!/usr/bin/env bash
# Builds the image from the Dockerfile and tries it, where no registry or container daemon is
# reachable (README "Deploying"; issue 44.4): `npm run test:image`.
#   1. A stand-in for node:20-bookworm-slim: a Debian bookworm rootfs (mmdebstrap, minbase) with
#      this machine's Node 20 and npm, a `node` user (uid 1000) as the official image has, and
#      this machine's CA certificates (its npm registry is reached through a TLS-inspecting
#      proxy: that belongs to this stand-in, never to the Dockerfile).
#   2. buildah bud --isolation chroot --pull=never --format docker (OCI format drops HEALTHCHECK).
#   3. Checks the image's config: a non-root user, the healthcheck on /api/ready, port 3000, /data.
#   4. Runs migrate, then the server, from the image against PostgreSQL (TEST_DATABASE_URL's
#      server, a database of its own), and asks /api/ready and / for the web app.
# Needs root (buildah, mmdebstrap) and installs buildah, podman and mmdebstrap when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE=docker.io/library/node:20-bookworm-slim
IMAGE=localhost/vaultline:test
PORT=${IMAGE_TEST_PORT:-3999}
PG=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
step() { printf '\n== %s\n' "$*"; }

for tool in buildah podman mmdebstrap; do
  command -v "$tool" >/dev/null || { step "installing $tool"; apt-get install -y -qq "$tool" >/dev/null; }
done

if ! buildah inspect --type image "$BASE" >/dev/null 2>&1; then
  step "stand-in base image $BASE (Debian bookworm minbase + this machine's Node $(node --version))"
  root=$(mktemp -d)
  trap 'rm -rf "$root"' EXIT
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$root/rootfs"
  cp "$(command -v node)" "$root/rootfs/usr/local/bin/node"
  node_modules_dir=$(dirname "$(readlink -f "$(command -v npm)")")/../..
  mkdir -p "$root/rootfs/usr/local/lib/node_modules"
  cp -a "$node_modules_dir/npm" "$root/rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/rootfs/usr/local/bin/npx"
  cp /etc/ssl/certs/ca-certificates.crt "$root/rootfs/etc/ssl/certs/ca-certificates.crt"
  chroot "$root/rootfs" groupadd --gid 1000 node
  chroot "$root/rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  tar -C "$root/rootfs" -cf "$root/rootfs.tar" .
  podman import --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' --change 'CMD ["node"]' "$root/rootfs.tar" "$BASE" >/dev/null
fi

step "building $IMAGE"
started=$(date +%s)
buildah bud --isolation chroot --pull=never --format docker --layers -t "$IMAGE" . >/tmp/vaultline-image-build.log 2>&1 || { tail -40 /tmp/vaultline-image-build.log; exit 1; }
echo "built in $(( $(date +%s) - started )) s"

step "checking the image's config"
config=$(buildah inspect --type image "$IMAGE")
node - "$config" <<'JS'
const image = JSON.parse(process.argv[2]);
const config = image.Docker.config;
const problems = [];
if (!config.User || config.User === 'root' || config.User === '0') problems.push(`runs as ${config.User || 'root'}`);
if (!JSON.stringify(config.Healthcheck ?? {}).includes('/api/ready')) problems.push('no HEALTHCHECK on /api/ready');
if (!Object.keys(config.ExposedPorts ?? {}).includes('3000/tcp')) problems.push('port 3000 not exposed');
if (!Object.keys(config.Volumes ?? {}).includes('/data')) problems.push('/data is not a volume');
if ((config.Env ?? []).some((entry) => /SECRET|PASSWORD/.test(entry))) problems.push('a secret is baked in');
console.log(`user ${config.User}, healthcheck ${config.Healthcheck.Test.join(' ').slice(0, 60)}…, ports ${Object.keys(config.ExposedPorts).join(' ')}, volumes ${Object.keys(config.Volumes).join(' ')}`);
if (problems.length) { console.error(`image config: ${problems.join('; ')}`); process.exit(1); }
JS
size=$(buildah images --format '{{.Size}}' "$IMAGE" | head -1)
echo "image size: $size"

step "running migrate and the server from the image against PostgreSQL"
db="vaultline_image_$(date +%s)"
admin_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/postgres"; console.log(u.toString())' "$PG")
db_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$PG" "$db")
psql "$admin_url" -qc "create database $db"
container=$(buildah from --pull=never "$IMAGE")
cleanup() {
  # The server runs in a process group of its own (setsid): buildah does not pass signals on.
  if [ -n "${server_pid:-}" ]; then kill -TERM -- "-$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  buildah rm "$container" >/dev/null 2>&1 || true
  psql "$admin_url" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
run() { buildah run --isolation chroot --network host --env "DATABASE_URL=$db_url" --env "SECRET_KEY=image-test-secret-key-image-test-secret" --env "PORT=$PORT" --env "APP_URL=http://127.0.0.1:$PORT" "$container" -- "$@"; }
run node apps/server/dist/migrate.mjs
run node apps/server/dist/migrate.mjs --check
run whoami | grep -qx node || { echo 'the server would run as root'; exit 1; }
if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then echo "port $PORT is taken: set IMAGE_TEST_PORT"; exit 1; fi
setsid bash -c "$(declare -f run); $(declare -p container db_url PORT); run node --max-semi-space-size=8 apps/server/dist/server.mjs" >/tmp/vaultline-image-server.log 2>&1 &
server_pid=$!
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$PORT/api/ready" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS "http://127.0.0.1:$PORT/api/ready"; echo
curl -fsS "http://127.0.0.1:$PORT/" | grep -q '<div id="root"' || { echo 'the web app is not served'; tail -20 /tmp/vaultline-image-server.log; exit 1; }
echo "the server from the image answers /api/ready and serves the web app"
