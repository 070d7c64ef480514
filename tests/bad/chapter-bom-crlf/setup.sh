# a BOM and CRLF line ends are fine: this case must build cleanly
printf '\xef\xbb\xbf---\r\nid: crlf\r\ntitle: {zh: 换行, en: CRLF}\r\n---\r\n\r\n## 标题 (Title)\r\n\r\n中文\r\n段落。\r\n\r\n> English\r\n> paragraph.\r\n' > content/02-crlf.md
