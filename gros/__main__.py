from gros.cli import main

main()
