# a misspelt slot name and one that names nothing: each would show the
# template's placeholder on every page
sed -i 's/data-slot="toc"/data-slot="tco"/; s/data-slot="footer"/data-slot="sidebar"/' templates/page.html
grep -q 'data-slot="sidebar"' templates/page.html
