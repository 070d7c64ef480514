mkdir -p content/img
ln -s /etc/hostname content/leak.png
ln -s /etc content/img/etc
printf '\n![a leak](leak.png)\n' >>content/01-base.md
