# a link of the template to an asset the book does not have: one error at
# the template's line, not one on every page
sed -i 's|</head>|<link rel="stylesheet" href="/assets/missing.css">\n</head>|' templates/page.html
