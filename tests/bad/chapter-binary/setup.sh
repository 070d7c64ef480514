printf -- '---\nid: bin\ntitle: x\n---\n\x00\x01\x02binary' > content/02-bin.md
