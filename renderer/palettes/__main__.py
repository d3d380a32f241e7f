from renderer.palettes import main

main()
