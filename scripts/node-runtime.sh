#!/bin/sh
# How production runs Node (`npm start`, backend's `start`, the Docker image, the memory benches):
#   sh scripts/node-runtime.sh <script.js> [args…]   runs it (exec: node keeps this PID and gets the signals)
#   sh scripts/node-runtime.sh --print-env            prints the allocator settings it would use
#
# Memory (docs/deploy.md, "Memory per instance"):
# - jemalloc when the machine has it (Debian: libjemalloc2), as sharp's documentation advises on
#   glibc Linux. libvips frees its tiles from many threads; glibc kept the freed space inside its
#   arenas (after four 12-megapixel edits, ~300 MB for good); jemalloc, two arenas, gives freed
#   pages back at once (dirty_decay_ms:0: the peak of four edits 371 MB against ~400 with a 1 s
#   decay, one edit as fast). Issue 29 measured it with `npm run bench -- memory`.
#   MEMORY_ALLOCATOR=glibc keeps glibc; MALLOC_CONF, when set, replaces these options.
# - glibc, when there is no jemalloc: two malloc arenas instead of one per thread, and buffers of
#   4 MB and more (decoded photos) in mappings of their own, given back when freed.
# - A 4 MB young generation: V8 collects short-lived request garbage sooner.
export MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=4194304
if [ "${MEMORY_ALLOCATOR:-jemalloc}" = jemalloc ]; then
  for lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2; do
    if [ -r "$lib" ]; then
      export LD_PRELOAD="$lib${LD_PRELOAD:+:$LD_PRELOAD}"
      export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,narenas:2,dirty_decay_ms:0,muzzy_decay_ms:0}"
      break
    fi
  done
fi
if [ "${1:-}" = --print-env ]; then
  for name in MALLOC_ARENA_MAX MALLOC_MMAP_THRESHOLD_ LD_PRELOAD MALLOC_CONF; do
    eval "value=\${$name:-}"
    [ -n "$value" ] && printf '%s=%s\n' "$name" "$value"
  done
  exit 0
fi
exec node --max-semi-space-size=4 "$@"
