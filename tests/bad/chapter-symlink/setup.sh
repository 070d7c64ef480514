ln -s /etc/hostname content/02-link.md
