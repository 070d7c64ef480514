# dot-files GitHub shows and the site does not publish
mkdir -p content/.vscode
echo "line-length = 100" >content/.rumdl.toml
echo "{}" >content/.vscode/settings.json
