# a line of 8,000 stray braces (each would be a span: '{1 GB '), then 40
# lines with one each: 8,000 errors,
# each quoting the whole line (97 MB in 45 s); now one error per line, a
# window of the long line, and the first 20 of the file with a note
{
	printf -- '---\nid: braces\ntitle: {zh: 括号, en: Braces}\n---\n\n'
	for i in $(seq 1 8000); do printf '{1 GB '; done
	printf '\n\n'
	for i in $(seq 1 40); do printf '第 %d 行：{%d GB 与 {c}\n\n' "$i" "$i"; done
} >content/02-braces.md
