# a 50 MB chapter: refused by size before it is read
{ printf -- '---\nid: huge\ntitle: {zh: 大, en: Huge}\n---\n'; head -c 52428800 /dev/zero | tr '\0' 'a'; } > content/02-huge.md
