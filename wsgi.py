from judge import create_app

app = create_app()
