#!/usr/bin/env bash
# Vendor Workbox's service-worker modules from the npm registry into static/vendor/.
#
# The files are the packages' own prebuilt production bundles (build/workbox-*.prod.js),
# copied byte for byte under a versioned name; nothing is rebuilt. Run from the repository:
#   bash scripts/vendor_workbox.sh 7.4.1
# then update static/vendor/SHA256SUMS (sha256sum the new files) and WORKBOX_VERSION in
# scorekeeper/web/offline/views.py. node_modules never enters the repository: npm works in a temp folder.
set -euo pipefail
VERSION=${1:-7.4.1}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
for module in core routing strategies precaching; do
  npm pack --silent "workbox-$module@$VERSION" >/dev/null
  mkdir "$module" && tar -xzf "workbox-$module-$VERSION.tgz" -C "$module"
  cp "$module/package/build/workbox-$module.prod.js" "$ROOT/static/vendor/workbox-$module-$VERSION.prod.js"
done
cd "$ROOT/static/vendor" && sha256sum workbox-*-"$VERSION".prod.js
