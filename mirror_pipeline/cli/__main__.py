from mirror_pipeline.cli import run_cli

run_cli()
