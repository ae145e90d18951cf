from horror.cli import main

main()
