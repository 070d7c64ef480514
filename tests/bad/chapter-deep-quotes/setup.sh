{ printf -- '---\nid: deep\ntitle: {zh: 深, en: Deep}\n---\n\n'; for i in $(seq 1 200); do printf '>'; done; printf ' deep\n'; } > content/02-deep.md
