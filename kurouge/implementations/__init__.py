"""Other tools' ROUGE, reproduced to the last digit in pure Python: ``compute(implementation=NAME)``.

``registry`` names them and scores with them; each tool is a module of its own. The tools
themselves are test oracles only (requirements-dev), never imported here.
"""
