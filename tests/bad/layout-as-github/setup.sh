rm content/book.yaml
