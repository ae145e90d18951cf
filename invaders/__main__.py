from invaders.cli import main

main()
