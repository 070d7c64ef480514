rm -f content/book.yaml no-book-yaml
