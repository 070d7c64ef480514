# a line of 1,000,000 stray braces (each copied the rest of the line: more
# than 4 GB), and a bad span in the middle of a 40 kB line with Chinese
# around it, quoted as a window with the caret under it (wide characters
# take two columns)
{
	printf -- '---\nid: long\ntitle: {zh: 长, en: Long}\n---\n\n'
	head -c 1000000 /dev/zero | tr '\0' '{'
	printf '\n\n'
	for i in $(seq 1 2000); do printf 'bandwidth '; done
	printf '显存带宽显存带宽显存带宽 {h100.mem_bw} 算力算力算力算力'
	for i in $(seq 1 2000); do printf ' compute'; done
	printf '\n'
} >content/02-long.md
