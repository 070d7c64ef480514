# a second content slot (and a second title): a page fills one element per
# slot, so the second would keep the template's placeholder
sed -i 's|<div data-slot="footer"></div>|<div data-slot="content">placeholder</div><span data-slot="title"></span>|' templates/page.html
grep -q 'placeholder</div>' templates/page.html
