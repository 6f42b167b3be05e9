from cuesport.cli import main

raise SystemExit(main())
