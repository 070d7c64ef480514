mkdir -p precious && echo keep > precious/notes.txt
