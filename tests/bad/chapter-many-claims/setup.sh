# 100 000 claims in one chapter, the last one wrong: bounded time, one error
{ printf -- '---\nid: many\ntitle: {zh: 多, en: Many}\n---\n\n'
  awk 'BEGIN { for (i = 1; i < 100000; i++) printf "{%d GB = %d × 1 GB}\n", i, i; print "{7 GB = 3 × 2 GB}" }'; } > content/02-many.md
